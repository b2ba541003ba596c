// BRAPI_ADMIN_TOKEN at start: the same token keeps the same record across restarts (and is revived if revoked).
MERGE (t:ApiToken {tokenHash: $tokenHash})
ON CREATE SET t.tokenId = $tokenId, t.createdAt = $now, t.note = 'BRAPI_ADMIN_TOKEN'
SET t.userId = $userId, t.roles = ['admin'], t.revokedAt = null
RETURN t.tokenId AS tokenId
