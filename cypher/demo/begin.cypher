// The demo load's first write, and a reload's restart: a start that finds this marker still 'loading' knows the load
// did not finish.
MERGE (d:DemoData {name: $name})
SET d.state = $state, d.step = $step, d.startedAt = datetime()
RETURN d.name AS name
