// The observation variable a breeding-value fit is asked for.  Params: $variable
MATCH (v:ObservationVariable {observationVariableDbId: $variable})
RETURN v.observationVariableDbId AS observationVariableDbId, v.observationVariableName AS observationVariableName
