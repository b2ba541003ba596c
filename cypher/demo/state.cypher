// The demo load's marker (src/demo/state.ts): written first as 'loading', set to 'complete' by the load's last step.
MATCH (d:DemoData {name: $name})
RETURN d.state AS state, d.step AS step, toString(d.startedAt) AS startedAt
