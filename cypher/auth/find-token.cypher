// The live API token with this hash (tokens are stored only as SHA-256 hashes).
MATCH (t:ApiToken {tokenHash: $tokenHash})
WHERE t.revokedAt IS NULL
RETURN t.userId AS userId, t.roles AS roles
