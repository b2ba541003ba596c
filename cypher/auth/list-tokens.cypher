// Every API token (never the token itself, which is not stored).
MATCH (t:ApiToken)
RETURN t.tokenId AS tokenId, t.userId AS userId, t.roles AS roles, t.note AS note, t.createdAt AS createdAt, t.revokedAt AS revokedAt
ORDER BY t.createdAt
