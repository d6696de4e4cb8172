import { routeList, type RouteDef, type RouteId } from '../../src/schemas';
import { errorComponents } from './errors';
import { Examples } from './examples';
import { HEADER_SCHEMAS } from './headers';
import type { Json } from './json-schema';
import { DOCUMENT_ORIGIN } from './normalize';
import { operationOf } from './operations';
import { namesIn, ServicePage } from './service-md';
import type { Exchange } from './traffic';

/** The section of docs/service.md whose rules an operation's description quotes, beyond its table row. */
const SECTIONS: Partial<Record<RouteId, string>> = {
  'events.list': 'Events',
  'events.odds': 'Prices',
  'events.openingLines': 'Prices',
  'events.closingLines': 'Prices',
  'events.props': 'Props and outrights',
  'props.odds': 'Props and outrights',
  'outrights.list': 'Props and outrights',
  'analytics.clv': 'CLV analysis',
  'checkout.intent': 'Credential delivery',
  'checkout.claim': 'Credential delivery',
  'recovery.request': 'Credential delivery',
  'recovery.claim': 'Credential delivery',
  'recoveryEmail.verify': 'Credential delivery',
};

/** The table of docs/service.md that lists a route. */
const tableOf = (route: RouteDef) =>
  route.metering ? 'Data routes' : route.auth.kind === 'bearer' ? 'Account and key routes' : 'Credential delivery';

/** A table cell's route (`GET /v1/account/usage?days=1..90`) as method and path. */
function routeIn(cell: string): { method?: string; path: string } | undefined {
  const m = /^(?:(GET|POST) )?(\/v1\/[^?\s]*)/.exec(namesIn(cell)[0] ?? '');
  return m ? { ...(m[1] ? { method: m[1] } : {}), path: m[2]! } : undefined;
}

/** The bullet list of a section, without its tables and paragraphs. */
const bulletsOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => /^\s*- |^ {2,}\S/.test(line) && !line.startsWith('|'))
    .join('\n');

function describe(route: RouteDef, page: ServicePage): string {
  const row = page.rows(tableOf(route)).find((r) => {
    const at = routeIn(r['route'] ?? '');
    return at !== undefined && at.path === route.path && (at.method === undefined || at.method === route.method);
  });
  if (!row) throw new Error(`docs/service.md, "${tableOf(route)}", lists no ${route.method} ${route.path}`);
  const parts = [
    Object.entries(row)
      .filter(([name]) => name !== 'route' && name !== 'operation')
      .map(([name, cell]) => `${name[0]!.toUpperCase()}${name.slice(1)}: ${cell}.`)
      .join(' '),
  ];
  const access =
    route.auth.kind === 'bearer'
      ? `Needs a key with the \`${route.auth.scope}\` scope.${route.metering ? ` Metered${route.metering.cacheable ? ' and cache-eligible' : ''}: see "Metering" in docs/service.md.` : ' Not metered.'}`
      : `No key: ${route.auth.cookie ? 'a token in the body, or the `so_checkout` cookie' : 'a token in the body'}. Not metered.`;
  parts.push(access, page.section('Parameter formats').split('\n\n').pop()!.replace(/\n/g, ' '));
  const section = SECTIONS[route.id as RouteId];
  if (section) parts.push(bulletsOf(page.section(section)));
  return parts.join('\n\n');
}

/** A response header's description (docs/service.md, "Response headers"). */
function headerDescription(page: ServicePage, name: string): string {
  const row = page.rows('Response headers').find((r) => namesIn(r['header'] ?? '').includes(name));
  if (!row) throw new Error(`docs/service.md, "Response headers", has no row for ${name}`);
  return `${row['meaning']} (on ${row['on']}).`;
}

/** The header components the answers refer to, each with its schema, presence and an example. */
function headerComponents(paths: Json, errors: Json, examples: Examples, page: ServicePage): Json {
  const used = new Set([...JSON.stringify([paths, errors]).matchAll(/"#\/components\/headers\/([^"]+)"/g)].map((m) => m[1]!));
  const out: Json = {};
  for (const component of [...used].sort()) {
    const [name, optional] = component.split('.');
    const example = examples.header(name!);
    if (example === undefined) throw new Error(`openapi: no answer of the traffic carries ${name}`);
    // The example is the header's text as sent (a `false` value would read as no example at all).
    out[component] = {
      description: headerDescription(page, name!),
      required: optional === undefined,
      schema: HEADER_SCHEMAS[name!]!,
      example,
    };
  }
  return out;
}

/**
 * The OpenAPI 3.1 document of the service: every registered operation of the route table with its
 * parameters, body, answers, headers and refusals, described by docs/service.md and illustrated by
 * the recorded traffic of the seeded mock.
 */
export function buildDocument(exchanges: readonly Exchange[]): Json {
  const page = new ServicePage();
  const examples = new Examples(exchanges);
  const registered = routeList.filter((r) => r.registered);
  const paths: Record<string, Json> = {};
  for (const route of registered)
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(route, examples, page, describe(route, page));
  const errors = errorComponents(examples, page);
  const tags = [...new Set(registered.map((r) => r.id.split('.')[0]!))].map((name) => ({
    name,
    description: page.lead(tableOf(registered.find((r) => r.id.startsWith(`${name}.`))!)),
  }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sports Odds Data Service',
      version: 'v1 (private beta)',
      license: { name: 'MIT', identifier: 'MIT' },
      description: `${page.section('Overview')}\n\n## Order of checks\n\n${page.section('Order of checks')}\n\nGenerated from the route table of sports-odds-data (src/schemas); the rules are those of its docs/service.md, and every example is an answer of its seeded mock.`,
    },
    servers: [{ url: DOCUMENT_ORIGIN, description: 'The mock service (sports-odds-mock); the real service has its own base URL.' }],
    tags,
    paths,
    components: {
      schemas: errors.schemas,
      headers: headerComponents(paths, errors.responses, examples, page),
      responses: errors.responses,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: page.lead('Authentication, keys and scopes') },
        checkoutCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'so_checkout',
          description: bulletsOf(page.section('Credential delivery')).split('\n- ')[0]!.replace(/^- /, ''),
        },
      },
    },
  };
}
