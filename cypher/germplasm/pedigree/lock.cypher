// Serialises pedigree writers: every transaction that changes PARENT relationships first takes the write lock on
// this one node (held until it commits or rolls back), so two uploads cannot form a cycle together unseen.
// The node is unique by constraint (src/graph/schema.ts), so MERGE never makes two.
MERGE (l:PedigreeLock {name: 'pedigree'})
SET l.lockedAt = timestamp()
RETURN l.name AS name
