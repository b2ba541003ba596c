// Revokes a token by its id (kept, with the time, so the list shows what was revoked).
MATCH (t:ApiToken {tokenId: $tokenId})
SET t.revokedAt = coalesce(t.revokedAt, $now)
RETURN t.tokenId AS tokenId
