// The step the demo load is in, so a start after a crash can say where the last one stopped.
MATCH (d:DemoData {name: $name})
SET d.step = $step, d.state = $state
RETURN d.state AS state
