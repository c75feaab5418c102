//! A TOML file's error in one line, for the readers of session files
//! (`store/`) and of house-rule templates (`catalog/`) alike.

/// A TOML error as one line: where it is, which field, and what is wrong.
pub fn describe_toml_error(text: &str, error: &toml::de::Error) -> String {
    let message = error.message().trim().replace('\n', " ");
    let Some(span) = error.span() else {
        return message;
    };
    let start = span.start.min(text.len());
    let before = &text[..start];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    let line_text = text[line_start..].lines().next().unwrap_or("");
    // A missing field is reported at the start of its table, whose first
    // line names some other field.
    let header = line_text
        .trim()
        .strip_prefix('[')
        .and_then(|rest| rest.split_once(']'))
        .map(|(key, _)| key.trim().trim_matches('"'))
        .filter(|key| !key.starts_with('['));
    let field = (!message.starts_with("missing field"))
        .then(|| {
            // `key = …`, or `[key]` for a value written as a table.
            let pair = line_text
                .split_once('=')
                .map(|(key, _)| key.trim().trim_matches('"'));
            header.or(pair)
        })
        .flatten()
        .filter(|key| {
            !key.is_empty()
                && !key.starts_with('[')
                && !key.starts_with('#')
                && !message.contains(&format!("`{key}`"))
        });
    match field {
        Some(key) => format!("line {line}, column {column}: field `{key}`: {message}"),
        None => format!("line {line}, column {column}: {message}"),
    }
}
