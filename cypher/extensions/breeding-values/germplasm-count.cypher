// How many germplasm are stored (from the count store): whether a breeding-value fit reads the whole pedigree in one
// statement or walks its records' ancestry generation by generation.
MATCH (g:Germplasm)
RETURN count(g) AS total
