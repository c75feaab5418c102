//! Which device recorded each copy. The labels `resolve`, `list`
//! and `sync` give a copy come from the version itself (the device that last
//! saved it), never from which file it sits in: after a fast-forward the
//! session file holds the other device's history and the copy this one's.

use super::*;

impl Remote {
    /// A device called `name` (`BRIDGEPAD_DEVICE`), drawing its ids from `seed`.
    fn named(&self, seed: &str, name: &str) -> Bp {
        self.device(seed).env("BRIDGEPAD_DEVICE", name)
    }
}

/// What `resolve ID` prints without a terminal (it then stops with exit 1).
fn comparison(bp: &Bp, id: &str) -> String {
    let out = bp.run(&["resolve", id]);
    assert_eq!(out.code, Some(1), "{}{}", out.stdout, out.stderr);
    out.stdout
}

/// The legend under `resolve`'s table: each copy's file, with the label and
/// what follows it on the copy's line (`1. laptop-b: saved …; hand 1 differs`).
fn legend(shown: &str) -> BTreeMap<String, (String, String)> {
    let lines: Vec<&str> = shown.lines().collect();
    let mut copies = BTreeMap::new();
    for (i, line) in lines.iter().enumerate() {
        let Some((number, rest)) = line.split_once(". ") else {
            continue;
        };
        if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let (label, about) = rest.split_once(": ").unwrap();
        let file = lines[i + 1].trim().to_string();
        copies.insert(file, (label.to_string(), about.to_string()));
    }
    copies
}

#[test]
fn resolve_names_copies_by_the_device_that_recorded_them_whoever_merged() {
    let remote = Remote::new();
    let (a, b) = (remote.named("1", "laptop-a"), remote.named("2", "laptop-b"));
    let id = devils(&a);
    sync(&a, &remote);
    sync(&b, &remote);
    a.ok_at(&at(10), &["bid", "Bob=1", "Cid=0", "--session", &id]);
    b.ok_at(&at(11), &["bid", "Bob=0", "Cid=0", "--session", &id]);
    let (recorded_a, recorded_b) = (a.session_text(&id), b.session_text(&id));
    a.ok(&["sync"]);
    let merged_on_b = conflicted(&b);
    let pulled_on_a = conflicted(&a);
    let files = sessions(&a);
    assert_eq!(files, sessions(&b));
    let copy = copies(&files, &id).pop().unwrap();
    let main = format!("{id}.toml");
    // B merged: its own history stayed the session; A fast-forwarded to it.
    assert_eq!(files[&main], recorded_b);
    assert_eq!(files[&copy], recorded_a);

    // On A the session file is B's, the copy A's own.
    let shown = comparison(&a, &id);
    assert!(shown.contains("│ Hand  ┆ 1: laptop-b "), "{shown}");
    assert!(shown.contains("┆ 2: this device (laptop-a) "), "{shown}");
    assert!(shown.contains("│ 1 ≠   ┆ Bob 0, Cid 0, Ann 0 "), "{shown}");
    let on_a = legend(&shown);
    assert_eq!(
        on_a[&main],
        (
            "laptop-b".into(),
            "saved 2026-11-21 20:11; hand 1 differs".into()
        )
    );
    assert_eq!(
        on_a[&copy],
        (
            "this device (laptop-a)".into(),
            "saved 2026-11-21 20:10; hand 1 differs".into()
        )
    );
    // On B, the same files the other way round.
    let on_b = legend(&comparison(&b, &id));
    assert_eq!(on_b[&main].0, "this device (laptop-b)");
    assert_eq!(on_b[&copy].0, "laptop-a");

    // What sync said on each, naming the histories the same way.
    let said = |device: &str, main_device: &str| {
        format!(
            "conflict: session {id} went on differently on two devices from hand 1: the history recorded on {device} is kept as `{copy}`, and the one recorded on {main_device} is the session; `bridgepad resolve {id}` keeps the one the table picks\n"
        )
    };
    assert!(
        merged_on_b.contains(&said("laptop-a", "this device (laptop-b)")),
        "{merged_on_b}"
    );
    assert!(
        pulled_on_a.contains(&said("this device (laptop-a)", "laptop-b")),
        "{pulled_on_a}"
    );

    // The table keeps A's history on A by its label: A's bids are the session.
    let kept = a.ok(&["resolve", &id, "--keep", &copy]);
    assert!(
        kept.starts_with(
            "Kept copy 2 (this device (laptop-a), no hand yet, saved 2026-11-21 20:10)"
        ),
        "{kept}"
    );
    assert_eq!(a.session_text(&id), recorded_a);
}

#[test]
fn three_devices_name_every_copy_by_who_recorded_it_in_any_order_of_syncs() {
    let names = ["laptop-a", "laptop-b", "laptop-c"];
    // Three ways to go on from the start, none holding another.
    let bids: [&[&str]; 3] = [&["Bob=1"], &["Bob=0", "Cid=0"], &["Bob=0", "Cid=1"]];
    // Each order is three devices synced nine times: `cargo test` tries one,
    // `BRIDGEPAD_TEST_SIZE=full` (as `.ci/run` runs it) each device first.
    let orders: &[[usize; 3]] = if crate::common::full_size() {
        &[[0, 1, 2], [2, 0, 1], [1, 2, 0]]
    } else {
        &[[0, 1, 2]]
    };
    for &order in orders {
        let remote = Remote::new();
        let devices: Vec<Bp> = (0..3)
            .map(|i| remote.named(&(i + 1).to_string(), names[i]))
            .collect();
        let id = devils(&devices[0]);
        for device in &devices {
            sync(device, &remote);
        }
        let mut recorded = Vec::new();
        for (device, bids) in devices.iter().zip(bids) {
            let mut args = vec!["bid"];
            args.extend(bids);
            args.extend(["--session", &id]);
            device.ok(&args);
            recorded.push(device.session_text(&id));
        }
        // Two rounds in this order: every device has every history.
        let mut said = Vec::new();
        for &i in order.iter().chain(&order) {
            said.push((i, synced(&devices[i])));
        }
        let files = sessions(&devices[0]);
        assert_eq!(files.len(), 3, "{order:?}: {:?}", files.keys());
        let who = |file: &str| {
            recorded
                .iter()
                .position(|text| *text == files[file])
                .unwrap_or_else(|| panic!("{order:?}: {file} holds no device's history"))
        };
        // Whichever device looks, each copy bears its recorder's name.
        let seen_by = |looking: usize, recorder: usize| {
            if looking == recorder {
                format!("this device ({})", names[recorder])
            } else {
                names[recorder].to_string()
            }
        };
        for (looking, device) in devices.iter().enumerate() {
            assert_eq!(sessions(device), files, "{order:?}");
            let shown = legend(&comparison(device, &id));
            assert_eq!(shown.len(), 3, "{order:?}: {shown:?}");
            for (file, (label, about)) in &shown {
                assert_eq!(*label, seen_by(looking, who(file)), "{order:?}: {file}");
                assert!(about.ends_with("; hand 1 differs"), "{about}");
            }
        }
        // What each sync said of a copy named its recorder too.
        let mut lines = 0;
        for (looking, out) in said {
            for line in out.lines().filter(|l| l.starts_with("conflict: ")) {
                let (_, rest) = line.split_once("the history recorded on ").unwrap();
                let (label, rest) = rest.split_once(" is kept as `").unwrap();
                let file = rest.split('`').next().unwrap();
                assert_eq!(label, seen_by(looking, who(file)), "{order:?}: {line}");
                lines += 1;
            }
        }
        // Each copy is said where it is made and where it arrives.
        assert!(lines >= 4, "{order:?}: {lines} lines");
    }
}

#[test]
fn a_device_name_that_is_not_one_is_refused_and_the_setting_is_documented() {
    for bad in ["two words", "a/b", "laptop\u{1b}[2J"] {
        let bp = Bp::new().env("BRIDGEPAD_DEVICE", bad);
        let made = bp
            .command()
            .env("BRIDGEPAD_DEVICE", "laptop")
            .args(["new", "devils-bridge", "--players", "Ann,Bob,Cid"])
            .output()
            .unwrap();
        assert!(made.status.success());
        // Refused before anything is read or saved (`fails` checks the files).
        let line = bp.fails(&["bid", "Bob=1"]);
        assert_eq!(
            line,
            format!(
                "error: BRIDGEPAD_DEVICE `{}` is not a device name: 1 to 64 letters, digits, `-` and `.`, like `laptop-a`; unset it to use this machine's host name",
                bad.replace('\u{1b}', "\\u{1b}")
            )
        );
    }
    // Set to nothing, it is not set: the host name is recorded.
    let bp = Bp::new().env("BRIDGEPAD_DEVICE", "");
    let id = bp.devils("Ann", &[]);
    let text = bp.session_text(&id);
    let by = text.lines().nth(1).unwrap();
    assert!(by.starts_with("written_by = \"bridgepad "), "{by}");
    assert!(by.contains(" on ") && !by.ends_with(" on laptop\""), "{by}");
    let help = bp.ok(&["--help"]);
    assert!(help.contains("BRIDGEPAD_DEVICE"), "{help}");
}
