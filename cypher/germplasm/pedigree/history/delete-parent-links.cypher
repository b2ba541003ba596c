// Deletes up to $limit of the CHANGES_PARENT links parent-links.cypher counts; returns how many it deleted.
MATCH (:PedigreeChange)-[r:CHANGES_PARENT]->(:Germplasm)
WITH r LIMIT $limit
DELETE r
RETURN count(*) AS n
