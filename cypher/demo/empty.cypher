// Whether the database holds anything besides API tokens (a token registered before a demo load began).
MATCH (n)
WHERE NOT n:ApiToken
RETURN 1 AS found
LIMIT 1
