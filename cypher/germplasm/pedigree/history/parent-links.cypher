// Pedigree history entries written before their parent was named by DbId only: each also has a CHANGES_PARENT link
// to its parent, which nothing reads now (migration history-parent-links). Counts them.
MATCH (:PedigreeChange)-[r:CHANGES_PARENT]->(:Germplasm)
RETURN count(r) AS n
