"""The ledger of a real-card table (docs/LEDGER.md): each hand settled by the house's own
rules from how it ended, every person's totals, and who pays whom with the fewest
transfers. It records; it never moves money."""
