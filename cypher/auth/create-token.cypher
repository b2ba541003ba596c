// A new API token: only its hash is kept; the token itself is shown once, by the CLI.
CREATE (t:ApiToken {tokenId: $tokenId, tokenHash: $tokenHash, userId: $userId, roles: $roles, note: $note, createdAt: $now})
RETURN t.tokenId AS tokenId
