//! The techniques by name, in the order they are tried (Sudoku Explainer's rating), with
//! what each looks for; the searches for them are in `techniques/`.

use std::fmt;

/// A solving technique, in the order they are tried: by Sudoku Explainer's rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    /// The last empty cell of a unit.
    FullHouse,
    /// A digit that fits in only one cell of a unit.
    HiddenSingle,
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit confined to one row or column inside a box leaves the rest of that line.
    Pointing,
    /// A digit confined to one box inside a row or column leaves the rest of that box.
    Claiming,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// A digit confined to two rows (columns) in the same two columns (rows).
    XWing,
    /// Two digits confined to the same two cells of a unit.
    HiddenPair,
    /// Three cells of a unit whose candidates are three digits.
    NakedTriple,
    /// The X-wing pattern with three lines.
    Swordfish,
    /// Three digits confined to three cells of a unit.
    HiddenTriple,
    /// Two parallel strong links on a digit joined at one end.
    Skyscraper,
    /// A row strong link and a column strong link joined in a box.
    TwoStringKite,
    /// A bivalue pivot and two bivalue pincers.
    XyWing,
    /// An X-wing with extra candidates (fins) in one box.
    FinnedXWing,
    /// A digit's candidates in a box on one row and one column, and a strong link.
    EmptyRectangle,
    /// Two strong links on a digit, joined by a weak one, some of whose ends are groups.
    GroupedTwoStrongLinks,
    /// A trivalue pivot and two bivalue pincers.
    XyzWing,
    /// Uniqueness: four cells of two rows, two columns and two boxes must not all end up as the
    /// same pair (types 1 to 4).
    UniqueRectangle,
    /// Four cells of a unit whose candidates are four digits.
    NakedQuad,
    /// The X-wing pattern with four lines.
    Jellyfish,
    /// Four digits confined to four cells of a unit.
    HiddenQuad,
    /// Three cells seeing each other with four digits, and a bivalue cell seeing every place of one of its digits among them.
    WxyzWing,
    /// A chain of strong and weak links on one digit: one of its two ends holds the digit.
    XChain,
    /// An X-chain of three or more strong links some of whose nodes are groups.
    GroupedXChain,
    /// Uniqueness: all cells bivalue but one; its extra digit must be placed.
    BugPlusOne,
    /// A swordfish with extra candidates (fins) in one box.
    FinnedSwordfish,
    /// A jellyfish with extra candidates (fins) in one box.
    FinnedJellyfish,
    /// Four cells seeing each other with five digits, and a bivalue cell seeing every place of one of its digits among them.
    VwxyzWing,
    /// Five cells seeing each other with six digits, and a bivalue cell seeing every place of one of its digits among them.
    UvwxyzWing,
    /// Two-colouring a digit's strong links: a colour seen twice in a unit is false, and a
    /// cell seeing both colours cannot hold the digit.
    SimpleColouring,
    /// Two equal bivalue cells joined by a strong link on one of their digits.
    WWing,
    /// A chain of bivalue cells: one of its two ends holds the shared digit.
    XyChain,
    /// An alternating inference chain (or loop) mixing bivalue cells and strong links.
    Aic,
    /// A candidate whose placement leads, through the singles one link makes, to a
    /// contradiction.
    ForcingChain,
    /// A digit assumed in a cell (or assumed absent) and followed alone, by its hidden
    /// singles, ends in a contradiction.
    Nishio,
    /// Every candidate of a cell, followed through the links of the grid as it stands, leads
    /// to the same conclusion.
    CellForcingChain,
    /// Every place of a digit in a unit, followed through the links of the grid as it stands,
    /// leads to the same conclusion.
    RegionForcingChain,
    /// A contradiction, double, cell or region forcing chain whose links also come from the
    /// eliminations along the way.
    DynamicForcingChain,
    /// A dynamic forcing chain whose nets, when their links run dry, also apply pointing,
    /// claiming, naked and hidden pairs and X-wings.
    DynamicForcingChainPlus,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 40] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::XyWing,
        Technique::FinnedXWing,
        Technique::EmptyRectangle,
        Technique::GroupedTwoStrongLinks,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::WxyzWing,
        Technique::XChain,
        Technique::GroupedXChain,
        Technique::BugPlusOne,
        Technique::FinnedSwordfish,
        Technique::FinnedJellyfish,
        Technique::VwxyzWing,
        Technique::UvwxyzWing,
        Technique::SimpleColouring,
        Technique::WWing,
        Technique::XyChain,
        Technique::Aic,
        Technique::ForcingChain,
        Technique::Nishio,
        Technique::CellForcingChain,
        Technique::RegionForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicForcingChainPlus,
    ];

    /// The usual name.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::HiddenSingle => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::NakedQuad => "naked quad",
            Technique::HiddenQuad => "hidden quad",
            Technique::XWing => "X-wing",
            Technique::FinnedXWing => "finned X-wing",
            Technique::FinnedSwordfish => "finned swordfish",
            Technique::FinnedJellyfish => "finned jellyfish",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "2-string kite",
            Technique::XyWing => "XY-wing",
            Technique::EmptyRectangle => "empty rectangle",
            Technique::GroupedTwoStrongLinks => "grouped 2 strong links",
            Technique::GroupedXChain => "grouped X-chain",
            Technique::XyzWing => "XYZ-wing",
            Technique::UniqueRectangle => "unique rectangle",
            Technique::WxyzWing => "WXYZ-wing",
            Technique::VwxyzWing => "VWXYZ-wing",
            Technique::UvwxyzWing => "UVWXYZ-wing",
            Technique::BugPlusOne => "BUG+1",
            Technique::WWing => "W-wing",
            Technique::SimpleColouring => "simple colouring",
            Technique::XChain => "X-chain",
            Technique::XyChain => "XY-chain",
            Technique::Aic => "alternating inference chain",
            Technique::ForcingChain => "forcing chain (contradiction)",
            Technique::Nishio => "Nishio",
            Technique::CellForcingChain => "cell forcing chains",
            Technique::RegionForcingChain => "region forcing chains",
            Technique::DynamicForcingChain => "dynamic forcing chain",
            Technique::DynamicForcingChainPlus => "dynamic forcing chain+",
        }
    }

    /// What the technique looks for, in one sentence (the variant's documentation).
    pub fn description(self) -> &'static str {
        match self {
            Technique::FullHouse => "The last empty cell of a unit.",
            Technique::HiddenSingle => "A digit that fits in only one cell of a unit.",
            Technique::NakedSingle => "A cell with one candidate left.",
            Technique::Pointing => {
                "A digit confined to one row or column inside a box leaves the rest of that line."
            }
            Technique::Claiming => {
                "A digit confined to one box inside a row or column leaves the rest of that box."
            }
            Technique::NakedPair => "Two cells of a unit with the same two candidates.",
            Technique::XWing => {
                "A digit confined to two rows (columns) in the same two columns (rows)."
            }
            Technique::HiddenPair => "Two digits confined to the same two cells of a unit.",
            Technique::NakedTriple => "Three cells of a unit whose candidates are three digits.",
            Technique::Swordfish => "The X-wing pattern with three lines.",
            Technique::HiddenTriple => "Three digits confined to three cells of a unit.",
            Technique::Skyscraper => "Two parallel strong links on a digit joined at one end.",
            Technique::TwoStringKite => {
                "A row strong link and a column strong link joined in a box."
            }
            Technique::XyWing => "A bivalue pivot and two bivalue pincers.",
            Technique::FinnedXWing => "An X-wing with extra candidates (fins) in one box.",
            Technique::EmptyRectangle => {
                "A digit's candidates in a box on one row and one column, and a strong link."
            }
            Technique::GroupedTwoStrongLinks => {
                "Two strong links on a digit, joined by a weak one, some of whose ends are groups."
            }
            Technique::XyzWing => "A trivalue pivot and two bivalue pincers.",
            Technique::UniqueRectangle => {
                "Uniqueness: four cells of two rows, two columns and two boxes must not all end up as the same pair (types 1 to 4)."
            }
            Technique::NakedQuad => "Four cells of a unit whose candidates are four digits.",
            Technique::Jellyfish => "The X-wing pattern with four lines.",
            Technique::HiddenQuad => "Four digits confined to four cells of a unit.",
            Technique::WxyzWing => {
                "Three cells seeing each other with four digits, and a bivalue cell seeing every place of one of its digits among them."
            }
            Technique::XChain => {
                "A chain of strong and weak links on one digit: one of its two ends holds the digit."
            }
            Technique::GroupedXChain => {
                "An X-chain of three or more strong links some of whose nodes are groups."
            }
            Technique::BugPlusOne => {
                "Uniqueness: all cells bivalue but one; its extra digit must be placed."
            }
            Technique::FinnedSwordfish => "A swordfish with extra candidates (fins) in one box.",
            Technique::FinnedJellyfish => "A jellyfish with extra candidates (fins) in one box.",
            Technique::VwxyzWing => {
                "Four cells seeing each other with five digits, and a bivalue cell seeing every place of one of its digits among them."
            }
            Technique::UvwxyzWing => {
                "Five cells seeing each other with six digits, and a bivalue cell seeing every place of one of its digits among them."
            }
            Technique::SimpleColouring => {
                "Two-colouring a digit's strong links: a colour seen twice in a unit is false, and a cell seeing both colours cannot hold the digit."
            }
            Technique::WWing => {
                "Two equal bivalue cells joined by a strong link on one of their digits."
            }
            Technique::XyChain => {
                "A chain of bivalue cells: one of its two ends holds the shared digit."
            }
            Technique::Aic => {
                "An alternating inference chain (or loop) mixing bivalue cells and strong links."
            }
            Technique::ForcingChain => {
                "A candidate whose placement leads, through the singles one link makes, to a contradiction."
            }
            Technique::Nishio => {
                "A digit assumed in a cell (or assumed absent) and followed alone, by its hidden singles, ends in a contradiction."
            }
            Technique::CellForcingChain => {
                "Every candidate of a cell, followed through the links of the grid as it stands, leads to the same conclusion."
            }
            Technique::RegionForcingChain => {
                "Every place of a digit in a unit, followed through the links of the grid as it stands, leads to the same conclusion."
            }
            Technique::DynamicForcingChain => {
                "A contradiction, double, cell or region forcing chain whose links also come from the eliminations along the way."
            }
            Technique::DynamicForcingChainPlus => {
                "A dynamic forcing chain whose nets, when their links run dry, also apply pointing, claiming, naked and hidden pairs and X-wings."
            }
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
