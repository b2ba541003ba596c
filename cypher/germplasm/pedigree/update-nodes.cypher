// Sets the given properties on existing germplasm (a null removes a property).
// Params: $rows: [{id, props}]
UNWIND $rows AS row
MATCH (g:Germplasm {germplasmDbId: row.id})
SET g += row.props
RETURN count(g) AS updated
