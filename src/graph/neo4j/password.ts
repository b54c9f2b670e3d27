import { promises as fs, constants as fsConstants } from 'node:fs';
import path from 'node:path';
import type { Driver } from 'neo4j-driver';
import neo4j from 'neo4j-driver';
import { setPath } from '../../config';

/**
 * `npm run graphdb:password`: changes the Neo4j password of the configured user and stores the
 * new value in graphdb.connector.password of the JSON config file named by CONFIG_FILE.
 *
 *  - Neo4j 3.5: HTTP API. GET {http}/user/<name> returns { username, password_change,
 *    password_change_required }; POST {http}/user/<name>/password with the JSON body
 *    { "password": <new> } and Basic auth of the current credentials returns an empty 200.
 *  - Neo4j 4.0+ (and 5.x): `ALTER CURRENT USER SET PASSWORD FROM $old TO $new` on the system
 *    database (allowed while the server demands a password change).
 *
 * The password is never logged or printed; errors name the step, not the values.
 */

export class PasswordChangeError extends Error {}

export interface ServerProbe {
  /** Major version of the server (3 for 3.5). */
  major: number;
  agent: string;
}

/** HTTP base URL: graphdb.connector.httpUrl if set, else the bolt host on port 7474 (7473 with TLS). */
export function deriveHttpUrl(boltUrl: string, httpUrl?: string): string {
  if (httpUrl && httpUrl.trim()) return httpUrl.trim().replace(/\/+$/, '');
  let parsed: URL;
  try {
    parsed = new URL(boltUrl);
  } catch {
    throw new PasswordChangeError(`graphdb.connector.url ${JSON.stringify(boltUrl)} is not a URL; set graphdb.connector.httpUrl`);
  }
  const tls = /\+s(sc)?:$/.test(parsed.protocol);
  const host = parsed.hostname.includes(':') && !parsed.hostname.startsWith('[') ? `[${parsed.hostname}]` : parsed.hostname;
  return `${tls ? 'https' : 'http'}://${host}:${tls ? 7473 : 7474}`;
}

/** bolt:// form of a routing URI (version probing talks to one server, no routing table needed). */
export function directBoltUrl(url: string): string {
  return url.replace(/^neo4j(\+s|\+ssc)?:\/\//i, (_m, tls: string | undefined) => `bolt${tls ?? ''}://`);
}

function basicAuth(username: string, password: string): string {
  return 'Basic ' + Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
}

export interface PasswordStatus {
  username: string;
  passwordChange?: string;
  passwordChangeRequired: boolean;
}

/** Neo4j 3.5: GET {http}/user/<name>. */
export async function getPasswordStatusHttp(httpUrl: string, username: string, password: string): Promise<PasswordStatus> {
  const response = await fetch(`${httpUrl}/user/${encodeURIComponent(username)}`, {
    method: 'GET',
    headers: { Authorization: basicAuth(username, password), Accept: 'application/json; charset=UTF-8' },
  });
  if (response.status === 401)
    throw new PasswordChangeError(`Neo4j (${httpUrl}) refused the current credentials of ${username}: check graphdb.connector.password`);
  if (!response.ok) throw new PasswordChangeError(`GET ${httpUrl}/user/${username} answered ${response.status}`);
  const body = (await response.json()) as { username?: string; password_change?: string; password_change_required?: boolean };
  return {
    username: body.username ?? username,
    passwordChange: body.password_change,
    passwordChangeRequired: body.password_change_required === true,
  };
}

/** Neo4j 3.5: POST {http}/user/<name>/password with {"password": new} and Basic auth of the current credentials. */
export async function changePasswordHttp(httpUrl: string, username: string, currentPassword: string, newPassword: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${httpUrl}/user/${encodeURIComponent(username)}/password`, {
      method: 'POST',
      headers: {
        Authorization: basicAuth(username, currentPassword),
        'Content-Type': 'application/json; charset=UTF-8',
        Accept: 'application/json; charset=UTF-8',
      },
      body: JSON.stringify({ password: newPassword }),
    });
  } catch (error) {
    throw new PasswordChangeError(
      `Neo4j HTTP API ${httpUrl} is not reachable (${(error as Error).message}); set graphdb.connector.httpUrl if it is not on port 7474 of the bolt host`,
    );
  }
  if (response.status === 200 || response.status === 204) return;
  const detail = await response.text().catch(() => '');
  const reason = neo4jErrorMessage(detail);
  if (response.status === 401)
    throw new PasswordChangeError(
      `Neo4j refused the current credentials of ${username}: check graphdb.connector.password (or --current-password)`,
    );
  throw new PasswordChangeError(`Neo4j did not change the password (HTTP ${response.status}${reason ? `: ${reason}` : ''})`);
}

function neo4jErrorMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { errors?: Array<{ message?: string }> };
    return (
      parsed.errors
        ?.map((e) => e.message)
        .filter(Boolean)
        .join('; ') ?? ''
    );
  } catch {
    return '';
  }
}

function redact(text: string, secrets: string[]): string {
  return secrets.filter((secret) => secret.length > 0).reduce((out, secret) => out.split(secret).join('***'), text);
}

/** The driver factory changePasswordCypher uses (replaceable in tests). */
export type DriverFactory = (url: string, username: string, password: string) => Pick<Driver, 'session' | 'close'>;

const defaultDriverFactory: DriverFactory = (url, username, password) =>
  neo4j.driver(url, neo4j.auth.basic(username, password), { userAgent: 'graph-analytics-service/password' });

/** The statement (4.0+; passwords as parameters, run on the system database, auto-commit). */
export const ALTER_CURRENT_USER = 'ALTER CURRENT USER SET PASSWORD FROM $old TO $new';

async function alterCurrentUser(
  factory: DriverFactory,
  url: string,
  username: string,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const driver = factory(url, username, currentPassword);
  const session = driver.session({ database: 'system', defaultAccessMode: neo4j.session.WRITE });
  try {
    await session.run(ALTER_CURRENT_USER, { old: currentPassword, new: newPassword });
  } finally {
    await session.close().catch(() => undefined);
    await driver.close().catch(() => undefined);
  }
}

/**
 * Neo4j 4.0+: ALTER CURRENT USER on the system database. With a routing URI (neo4j://) the
 * driver first asks for a routing table; a server that only lets a user with an expired password
 * change it may refuse that with CredentialsExpired (ALTER CURRENT USER itself is allowed), and
 * then the statement is sent to the named server directly (bolt://), as the version probe is.
 */
export async function changePasswordCypher(
  url: string,
  username: string,
  currentPassword: string,
  newPassword: string,
  factory: DriverFactory = defaultDriverFactory,
): Promise<void> {
  try {
    try {
      await alterCurrentUser(factory, url, username, currentPassword, newPassword);
    } catch (error) {
      const direct = directBoltUrl(url);
      const code = (error as { code?: string }).code ?? '';
      if (
        direct === url ||
        !(
          code === 'Neo.ClientError.Security.CredentialsExpired' ||
          /Could not perform discovery|routing/i.test(String((error as Error).message))
        )
      )
        throw error;
      await alterCurrentUser(factory, direct, username, currentPassword, newPassword);
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'Neo.ClientError.Security.Unauthorized')
      throw new PasswordChangeError(
        `Neo4j refused the current credentials of ${username}: check graphdb.connector.password (or --current-password)`,
      );
    throw new PasswordChangeError(
      `Neo4j did not change the password (${code || 'error'}: ${redact(String((error as Error).message), [currentPassword, newPassword]).slice(0, 300)})`,
    );
  }
}

/** Asks the server its version over Bolt (the HELLO answer; works while a password change is pending). */
export async function probeServer(url: string, username: string, password: string): Promise<ServerProbe> {
  const driver = neo4j.driver(directBoltUrl(url), neo4j.auth.basic(username, password), { userAgent: 'graph-analytics-service/password' });
  try {
    const info = await driver.getServerInfo();
    const agent = String(info.agent ?? '');
    const match = /Neo4j\/(\d+)/i.exec(agent);
    const major = match ? Number(match[1]) : (info.protocolVersion ?? 4) < 4 ? 3 : 4;
    return { major, agent };
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'Neo.ClientError.Security.Unauthorized')
      throw new PasswordChangeError(
        `Neo4j refused the current credentials of ${username}: check graphdb.connector.password (or --current-password)`,
      );
    throw new PasswordChangeError(`Neo4j at ${directBoltUrl(url)} is not reachable: ${String((error as Error).message).slice(0, 300)}`);
  } finally {
    await driver.close().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Config file

type Tree = Record<string, unknown>;

async function readConfigTree(file: string): Promise<Tree> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new PasswordChangeError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('top level is not an object');
    return parsed as Tree;
  } catch (error) {
    throw new PasswordChangeError(`Cannot parse ${file}: ${(error as Error).message}`);
  }
}

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Value of a dotted key in a config tree that may mix nested objects and flat dotted keys. */
export function readConfigValue(tree: Tree, dotted: string): unknown {
  if (Object.prototype.hasOwnProperty.call(tree, dotted)) return tree[dotted];
  const parts = dotted.split('.');
  for (let i = parts.length - 1; i >= 1; i--) {
    const node = tree[parts.slice(0, i).join('.')];
    if (isTree(node)) {
      const value = readConfigValue(node, parts.slice(i).join('.'));
      if (value !== undefined) return value;
    }
  }
  return undefined;
}

/** Sets `dotted` wherever the tree already holds it (nested or flat keys); returns how many places. */
function setExisting(tree: Tree, dotted: string, value: unknown): number {
  let count = 0;
  for (const key of Object.keys(tree)) {
    if (key === dotted) {
      tree[key] = value;
      count++;
    } else if (dotted.startsWith(key + '.') && isTree(tree[key])) {
      count += setExisting(tree[key], dotted.slice(key.length + 1), value);
    }
  }
  return count;
}

/** graphdb.connector.httpUrl from the config file (not part of the validated config). */
export async function readHttpUrl(file: string | undefined): Promise<string | undefined> {
  if (!file) return undefined;
  const value = readConfigValue(await readConfigTree(file), 'graphdb.connector.httpUrl');
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * Writes graphdb.connector.password into the JSON config file: creates the nested keys when
 * needed, updates a flat "graphdb.connector.password" key when the file uses one, keeps the rest
 * of the file; written atomically (temp file in the same directory + rename) with mode 0600.
 */
export async function writePasswordToConfig(file: string, password: string): Promise<void> {
  const tree = await readConfigTree(file);
  const key = 'graphdb.connector.password';
  if (setExisting(tree, key, password) === 0) {
    // Not present yet: create it under the deepest existing object on the path, else nested.
    if (isTree(tree['graphdb.connector'])) setPath(tree['graphdb.connector'], 'password', password);
    else setPath(tree, key, password);
  }
  const dir = path.dirname(path.resolve(file));
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  const handle = await fs.open(temp, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL, 0o600);
  try {
    await handle.writeFile(JSON.stringify(tree, null, 2) + '\n', 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await fs.chmod(temp, 0o600);
    await fs.rename(temp, path.resolve(file));
  } catch (error) {
    await fs.unlink(temp).catch(() => undefined);
    throw new PasswordChangeError(`Cannot write ${file}: ${(error as Error).message}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The whole flow

export interface ChangePasswordOptions {
  url: string;
  username: string;
  currentPassword: string;
  newPassword: string;
  /** JSON config file to update (CONFIG_FILE). */
  configFile: string;
  /** graphdb.connector.httpUrl (Neo4j 3.5 only). */
  httpUrl?: string;
  /** Replaceable for tests: how the server version is found. */
  probe?: (url: string, username: string, password: string) => Promise<ServerProbe>;
  log?: (line: string) => void;
}

export interface ChangePasswordResult {
  method: 'http' | 'alter-current-user';
  target: string;
  configFile: string;
}

export async function changeGraphPassword(options: ChangePasswordOptions): Promise<ChangePasswordResult> {
  const log = options.log ?? (() => undefined);
  if (!options.configFile)
    throw new PasswordChangeError('Set CONFIG_FILE to the JSON config file that should receive the new graphdb.connector.password');
  if (!options.url) throw new PasswordChangeError('graphdb.connector.url is not set');
  if (!options.currentPassword)
    throw new PasswordChangeError(
      'The current password is unknown: set graphdb.connector.password (or pass --current-password / NEO4J_CURRENT_PASSWORD)',
    );
  if (!options.newPassword) throw new PasswordChangeError('No new password given (--new-password or NEO4J_NEW_PASSWORD)');
  if (options.newPassword === options.currentPassword) throw new PasswordChangeError('The new password must differ from the current one');
  // Fail before touching Neo4j when the config file cannot be written afterwards.
  await fs.access(path.dirname(path.resolve(options.configFile)), fsConstants.W_OK).catch(() => {
    throw new PasswordChangeError(`The directory of ${options.configFile} is not writable`);
  });

  const probe = options.probe ?? probeServer;
  const server = await probe(options.url, options.username, options.currentPassword);
  log(`Neo4j server: ${server.agent || `major version ${server.major}`}`);
  let result: ChangePasswordResult;
  if (server.major < 4) {
    const httpUrl = deriveHttpUrl(options.url, options.httpUrl);
    try {
      const status = await getPasswordStatusHttp(httpUrl, options.username, options.currentPassword);
      if (status.passwordChangeRequired) log(`Neo4j requires a password change for ${status.username}`);
    } catch (error) {
      if (error instanceof PasswordChangeError && /refused/.test(error.message)) throw error;
      // The status is informative only; the POST below decides.
    }
    await changePasswordHttp(httpUrl, options.username, options.currentPassword, options.newPassword);
    result = { method: 'http', target: httpUrl, configFile: options.configFile };
  } else {
    await changePasswordCypher(options.url, options.username, options.currentPassword, options.newPassword);
    result = { method: 'alter-current-user', target: options.url, configFile: options.configFile };
  }
  log(`Password of ${options.username} changed in Neo4j`);
  try {
    await writePasswordToConfig(options.configFile, options.newPassword);
  } catch (error) {
    throw new PasswordChangeError(
      `The Neo4j password WAS changed but ${options.configFile} could not be updated (${(error as Error).message}): put the new password into graphdb.connector.password by hand`,
    );
  }
  log(`Stored the new password in graphdb.connector.password of ${options.configFile} (mode 0600)`);
  return result;
}

export interface CliArgs {
  newPassword?: string;
  currentPassword?: string;
  help: boolean;
}

/** --new-password <v> | --new-password=<v>, --current-password likewise, --help. */
export function parseCliArgs(argv: string[]): CliArgs {
  const out: CliArgs = { help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const take = (name: string): string | undefined => {
      if (arg === name) {
        const value = argv[i + 1];
        if (value === undefined) throw new PasswordChangeError(`${name} needs a value`);
        i++;
        return value;
      }
      if (arg.startsWith(name + '=')) return arg.slice(name.length + 1);
      return undefined;
    };
    const np = take('--new-password');
    if (np !== undefined) {
      out.newPassword = np;
      continue;
    }
    const cp = take('--current-password');
    if (cp !== undefined) {
      out.currentPassword = cp;
      continue;
    }
    if (arg === '--help' || arg === '-h') {
      out.help = true;
      continue;
    }
    throw new PasswordChangeError(`Unknown argument ${JSON.stringify(arg.replace(/=.*/, '=…'))}`);
  }
  return out;
}
