// Pedigree history entries written one node per PARENT relationship (before history/record.cypher kept one node per
// child and write, with its entries as lists; migration history-per-child). Counts them.
MATCH (h:PedigreeChange)
WHERE h.actions IS NULL
RETURN count(h) AS n
