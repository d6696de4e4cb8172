/**
 * The method table of docs/sdk.md, from the SDK's own source: every public method of the client and of its
 * resources, in the order the client declares them, with the route it calls (from the route table
 * and `src/resources/route-methods.ts`), its parameters (a route's query or body as its fields) and
 * the first sentence of its JSDoc. Read with the TypeScript parser; nothing is type-checked here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { methodPathOf } from '../../src/resources/route-methods';
import { type RouteDef, routeList } from '../../src/schemas';
import { type Field, fieldsOf, objectText } from './fields';
import { code, table } from './markdown';

/** A public method as its declaration reads. */
interface MethodDoc {
  name: string;
  params: { name: string; type: string | undefined }[];
  /** The first sentence of its JSDoc. */
  summary: string;
}

const parse = (file: string): ts.SourceFile => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** The declaration of a class, from the files that may hold it. */
function classNamed(name: string, files: readonly string[]): ts.ClassDeclaration {
  for (const file of files) {
    const found = parse(file).statements.find((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === name);
    if (found) return found;
  }
  throw new Error(`no class ${name} in ${files.join(', ')}`);
}

/**
 * The first sentence of a text: up to the first full stop outside code and parentheses.
 *
 * @example
 * firstSentence('Revokes a key (by id). Then more.'); // 'Revokes a key (by id).'
 */
export function firstSentence(text: string): string {
  const paragraph = (text.split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ').trim();
  let depth = 0;
  let inCode = false;
  for (let i = 0; i < paragraph.length; i++) {
    const c = paragraph[i];
    if (c === '`') inCode = !inCode;
    else if (!inCode && c === '(') depth++;
    else if (!inCode && c === ')') depth--;
    else if (!inCode && depth === 0 && c === '.' && (i + 1 === paragraph.length || paragraph[i + 1] === ' '))
      return paragraph.slice(0, i + 1);
  }
  return paragraph;
}

/** The public methods of a class, in declaration order (no constructor, accessor or `#private` member). */
function methodsOf(declaration: ts.ClassDeclaration): MethodDoc[] {
  return declaration.members.filter(ts.isMethodDeclaration).flatMap((member) => {
    if (!ts.isIdentifier(member.name)) return [];
    const hidden = ts.getCombinedModifierFlags(member) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static);
    if (hidden !== 0) return [];
    const doc = ts.getJSDocCommentsAndTags(member).find(ts.isJSDoc);
    const comment = ts.getTextOfJSDocComment(doc?.comment) ?? '';
    if (comment === '') throw new Error(`${declaration.name?.text}.${member.name.text} has no JSDoc`);
    return [
      {
        name: member.name.text,
        params: member.parameters.map((p) => ({ name: p.name.getText(), type: p.type?.getText() })),
        summary: firstSentence(comment),
      },
    ];
  });
}

/** The route a method calls, as `methodPathOf` places it. */
const routeAt = (path: string): RouteDef | undefined => routeList.find((route) => methodPathOf(route.id) === path);

/** The most fields a parameter is shown with; a longer query (the events listing's) is shown by its name. */
const MAX_FIELDS_SHOWN = 7;

/** An object parameter by its fields (`{ name, scopes? }`), or by its name when it has many. */
function objectParam(name: string, fields: readonly Field[]): string {
  return fields.length > MAX_FIELDS_SHOWN ? name : objectText(fields);
}

/** A parameter as the table shows it: a route's query or body as its fields, the call's options left out. */
function paramText(param: MethodDoc['params'][number], route: RouteDef | undefined): string | undefined {
  if (param.name === 'options' && param.type === 'RequestOptions') return undefined;
  const query = /^QueryOf<'([^']+)'>$/.exec(param.type ?? '')?.[1];
  const queried = query === undefined ? undefined : routeList.find((r) => r.id === query);
  if (queried) return objectParam(param.name, fieldsOf(queried.query));
  if (route?.body && param.name === 'body') return objectParam(param.name, fieldsOf(route.body));
  return param.name;
}

/** One row per method: the call, its route, what it does. */
function rowsOf(prefix: string, methods: readonly MethodDoc[]): string[][] {
  return methods.map((method) => {
    const path = `${prefix}.${method.name}`;
    const route = routeAt(path);
    const params = method.params.flatMap((p) => paramText(p, route) ?? []);
    return [code(`${path}(${params.join(', ')})`), route ? code(`${route.method} ${route.path}`) : '', method.summary];
  });
}

/** docs/sdk.md, "Making calls": the client's resources and their methods, then the client's own, then the credentials client's. */
export function methodTable(): string {
  const resourceFiles = readdirSync('src/resources').map((name) => `src/resources/${name}`);
  const client = classNamed('SportsOdds', ['src/client.ts']);
  const rows: string[][] = [];
  for (const member of client.members) {
    if (!ts.isPropertyDeclaration(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
    const className = member.type.typeName.getText();
    if (!resourceFiles.some((file) => readFileSync(file, 'utf8').includes(`class ${className} `))) continue;
    rows.push(...rowsOf(`odds.${member.name.getText()}`, methodsOf(classNamed(className, resourceFiles))));
  }
  rows.push(...rowsOf('odds', methodsOf(client)));
  rows.push(...rowsOf('credentials', methodsOf(classNamed('SportsOddsCredentials', resourceFiles))));
  return [
    '`odds` is a `SportsOdds` client; `credentials` a `SportsOddsCredentials`, the keyless client of the credential pages.',
    'Every call also takes the call options last (`{ signal, timeout, maxRetries, headers, ... }`).',
    '',
    table(['method', 'route', 'what it does'], rows),
  ].join('\n');
}
