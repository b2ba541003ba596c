// Which of the given germplasm DbIds exist, with their crop, genus and species: a pedigree write works out from them
// the crops of the germplasm it creates and the wide crosses among their relationships; the name, for messages;
// whether it has progeny (a relationship to a parent can close a cycle only if its child has progeny).
// Params: $ids
UNWIND $ids AS id
MATCH (g:Germplasm {germplasmDbId: id})
RETURN g.germplasmDbId AS id, g.germplasmName AS name, g.commonCropName AS commonCropName, g.genus AS genus, g.species AS species,
  EXISTS { (g)<-[:PARENT]-() } AS hasProgeny
