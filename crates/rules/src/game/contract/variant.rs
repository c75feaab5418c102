//! [`ContractVariant`]: a [`Variant`] proven to be of the contract family,
//! holding its [`ContractRules`]. It is made only by a fallible conversion
//! from a `Variant` (the session's seam makes it after its one match), so a
//! contract game cannot be built from an exact-bid variant: the type says so
//! and nothing has to check again.

use crate::contract::kind::ContractRules;
use crate::variant::{Rules, Variant};

/// A variant of the contract family and the rules its deals are played by.
#[derive(Debug, Clone, PartialEq)]
pub struct ContractVariant {
    variant: Variant,
    rules: ContractRules,
}

/// A variant of another family, given back whole.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{} is not a contract game", .0.title)]
pub struct NotContract(pub Box<Variant>);

impl ContractVariant {
    /// The variant, for what every family shares (name, title, template).
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The contract rules.
    pub fn rules(&self) -> ContractRules {
        self.rules
    }
}

impl TryFrom<Variant> for ContractVariant {
    type Error = NotContract;

    fn try_from(variant: Variant) -> Result<ContractVariant, NotContract> {
        match variant.rules {
            Rules::Contract(rules) => Ok(ContractVariant { variant, rules }),
            Rules::Exact(_) | Rules::Duplicate(_) => Err(NotContract(Box::new(variant))),
        }
    }
}

impl From<ContractVariant> for Variant {
    fn from(contract: ContractVariant) -> Variant {
        contract.variant
    }
}
