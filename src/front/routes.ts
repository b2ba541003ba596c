// GET /: the front door a new user lands on. It links what the service offers (the BrAPI base, the API docs, the
// pedigree viewer, the bundled database's Neo4j Browser) and gives the first calls to try against the demo data,
// with this server's own address. No script; its one stylesheet is inline and allowed by its hash alone.
import { createHash } from 'node:crypto';
import { publicOrigin } from '../http/origin.js';
import { sendPage } from '../http/pages.js';
import type { BrapiRouter } from '../http/types.js';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.6rem;margin-bottom:.2rem}p.lead{margin-top:0;color:#555}ul.links{padding:0;list-style:none}
ul.links li{margin:.4rem 0}ul.links a{font-weight:600}code,pre{font:14px/1.4 ui-monospace,monospace;background:#f3f3f3}
pre{padding:.6rem .8rem;border-radius:4px;white-space:pre-wrap;overflow-wrap:anywhere;margin:.3rem 0 1rem}
h2{font-size:1.15rem;margin-top:1.8rem}p.what{margin:.8rem 0 0}
p.loading{background:#fff4d6;border-left:4px solid #e0a800;padding:.5rem .8rem}`;

const CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The links a new user needs, absolute for this origin (the start banner prints the same). */
export function frontDoorLinks(origin: string, basePath: string, neo4jBrowserUrl?: string) {
  return {
    api: `${origin}${basePath}/serverinfo`,
    docs: `${origin}/docs`,
    viewer: `${origin}/viewer`,
    ...(neo4jBrowserUrl ? { neo4jBrowser: neo4jBrowserUrl } : {}),
  };
}

function page(origin: string, basePath: string, neo4jBrowserUrl?: string, loading?: string): string {
  const links = frontDoorLinks(origin, basePath, neo4jBrowserUrl);
  const base = `${origin}${basePath}`;
  const item = (href: string, label: string, what: string) => `<li><a href="${escape(href)}">${label}</a> ${what}</li>`;
  // Each call with what its answer says, a surprising one explained (long lines wrap inside their box).
  const calls: Array<[string, string]> = [
    ['The germplasm named Williams 82, the soybean cultivar whose genome is the reference:', `curl '${base}/germplasm?germplasmName=Williams%2082'`],
    ['Its parents and grandparents, one node per germplasm with its parents and children:', `curl '${base}/pedigree?germplasmDbId=soy-williams-82&pedigreeDepth=2&progenyDepth=0'`],
    ['Its pedigree string and parents, as BrAPI clients read them:', `curl '${base}/germplasm/soy-williams-82/pedigree'`],
    [
      'The kinship of Williams 82, Williams and Lee. Williams 82 and Williams come out unrelated (0) although Williams 82 ' +
        'is a Williams backcross line: SoyBase records its parents as "Williams 7" x Kingwa, and "Williams 7" is kept as ' +
        'a germplasm of its own with no parents, so nothing links it to Williams. Williams and Lee share an ancestor (0.03).',
      `curl -X POST '${base}/extensions/kinship' -H 'Content-Type: application/json' \\\n  -d '{"germplasmDbIds": ["soy-williams-82", "soy-williams", "soy-lee"]}'`,
    ],
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>BrAPI v2.1 on Neo4j</title><style>${STYLE}</style></head>
<body>
<h1>BrAPI v2.1 on Neo4j</h1>
<p class="lead">Germplasm, trials, observations and pedigrees for plant breeding tools, with the pedigree as a graph.</p>
${loading ? `<p class="loading" role="status">${escape(loading)} Reload this page to see how far it is.</p>\n` : ''}<ul class="links">
${item(links.api, 'BrAPI base URL', `<code>${escape(base)}</code>: give it to a BrAPI client (Field Book, BrAPI Sync, ...)`)}
${item(links.docs, 'API documentation', 'every call, with a form to try it')}
${item(links.viewer, 'Pedigree viewer', 'search a germplasm and walk its ancestors and descendants')}
${links.neo4jBrowser ? item(links.neo4jBrowser, 'Neo4j Browser', 'the graph itself, in the bundled database (no password)') : ''}
</ul>
<h2>First steps</h2>
<p>The demo data holds the SoyBase soybean pedigree and a small trial. Reads need no token; writes need one
(<code>npm run token -- create</code>, see the README).</p>
${calls.map(([what, call]) => `<p class="what">${escape(what)}</p>\n<pre>${escape(call)}</pre>`).join('\n')}
</body></html>
`;
}

export function registerFrontDoor(router: BrapiRouter, neo4jBrowserUrl?: string) {
  router.get('/', (ctx) => {
    const body = page(publicOrigin(ctx), ctx.services.config.basePath, neo4jBrowserUrl, ctx.services.demo?.describe());
    sendPage(ctx, { type: 'text/html; charset=utf-8', body, cacheControl: 'no-cache', csp: CSP });
  });
}
