// Removes an incomplete demo load, a batch at a time (a whole database in one transaction could exceed its memory).
// API tokens stay (a token CLI may have made them; they are not demo data), and so does the marker, which keeps
// saying the demo is incomplete until the reload completes.
MATCH (n)
WHERE NOT n:ApiToken AND NOT n:DemoData
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS removed
