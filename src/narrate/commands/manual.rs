//! The words of a man page that `bridgepad man` draws itself: the manual's
//! name and the section headings. They are moved here with the sentences
//! because a man page in another language names its sections in it too.

/// The manual the pages belong to, in each page's title line.
pub const MANUAL: &str = "bridgepad manual";

pub const SYNOPSIS: &str = "SYNOPSIS";
pub const DESCRIPTION: &str = "DESCRIPTION";
pub const EXAMPLES: &str = "EXAMPLES";
pub const ENVIRONMENT: &str = "ENVIRONMENT";
pub const FILES: &str = "FILES";
pub const EXIT_STATUS: &str = "EXIT STATUS";
pub const SEE_ALSO: &str = "SEE ALSO";
pub const VERSION: &str = "VERSION";

/// The placeholder for a subcommand in SYNOPSIS.
pub const COMMAND: &str = "COMMAND";
