// A saved calls or allele matrix search keeps its parameters (the options), not a list of DbIds: its pages are read
// from the packed calls when asked for. This is its (empty) list of DbIds.
RETURN [] AS ids
