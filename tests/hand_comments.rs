//! Comments written into a session file by hand survive bridgepad's saves
//!: the README invites hand edits, and a note like
//! `# Bob arrived late` is part of the evening's record.

use std::fs;

use crate::common::Bp;

#[test]
fn a_comment_added_by_hand_survives_the_next_entries() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    bp.ok(&["bid", "Bob=0", "Cid=0", "Ann=0"]);
    let text = bp.session_text(&id);
    let text = format!("# Tuesday club\n{text}")
        .replace(
            "[[hands]] # hand 1\n",
            "# Bob arrived late\n[[hands]] # hand 1 (Ann shuffled)\n",
        )
        .replace(
            "bids = { Bob = 0, Cid = 0, Ann = 0 }",
            "bids = { Bob = 0, Cid = 0, Ann = 0 } # quick",
        );
    fs::write(bp.session_path(&id), &text).unwrap();

    bp.ok(&["tricks", "Ann=1", "Bob=0"]);
    bp.ok(&["bid", "Cid=0", "Ann=1"]);
    let saved = bp.session_text(&id);
    for comment in [
        "# Tuesday club\nformat = 2\n",
        "\n# Bob arrived late\n[[hands]] # hand 1 (Ann shuffled)\n",
        "bids = { Bob = 0, Cid = 0, Ann = 0 } # quick\n",
        "tricks = { Ann = 1, Bob = 0, Cid = 0 }\n",
        "\n[[hands]] # hand 2\nbids = { Cid = 0, Ann = 1 }\n",
    ] {
        assert!(saved.contains(comment), "{comment:?} in:\n{saved}");
    }
    // The file still loads, from the cache and parsed afresh alike.
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["hand"], 2);
    assert_eq!(json["totals"]["Bob"]["total"], 10);
    fs::remove_dir_all(bp.data_dir().join(".cache")).ok();
    assert_eq!(bp.json(&["show", "--json"]), json);

    // Taking hand 2 back keeps hand 1's comments.
    bp.ok(&["undo"]);
    bp.ok(&["undo"]);
    let saved = bp.session_text(&id);
    assert!(!saved.contains("hand 2"), "{saved}");
    assert!(saved.contains("# Bob arrived late\n"), "{saved}");
    assert!(saved.contains("# quick\n"), "{saved}");
}
