// Germplasm lists that hold the duplicate's DbId hold the survivor's instead (once: a list that held both keeps the
// first of them where it was), with listSize kept equal to the number of items.
// Params: $survivor, $duplicate (germplasmDbIds)
MATCH (l:List)
WHERE l.listType = 'germplasm' AND $duplicate IN l.data
WITH l, [x IN l.data | CASE x WHEN $duplicate THEN $survivor ELSE x END] AS renamed
SET l.data = [i IN range(0, size(renamed) - 1) WHERE NOT renamed[i] IN renamed[0..i] | renamed[i]]
SET l.listSize = size(l.data)
RETURN l.listDbId AS listDbId
