/**
 * npm run graphdb:password [-- --new-password <value>] [--current-password <value>]
 *
 * Changes the Neo4j password of graphdb.connector.username and stores it in
 * graphdb.connector.password of the JSON file named by CONFIG_FILE. The new password comes from
 * --new-password, NEO4J_NEW_PASSWORD, or a hidden prompt on a terminal. Never printed.
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { ConfigError, loadConfig } from '../../config';
import { changeGraphPassword, parseCliArgs, PasswordChangeError, readHttpUrl } from './password';

const USAGE = `Usage: CONFIG_FILE=<config.json> npm run graphdb:password [-- --new-password <value>] [--current-password <value>]
  The new password may also come from NEO4J_NEW_PASSWORD, or is asked for on a terminal.
  The current password is graphdb.connector.password (or --current-password / NEO4J_CURRENT_PASSWORD).
  Neo4j 3.5 is changed over HTTP (graphdb.connector.httpUrl, default http://<bolt host>:7474).`;

async function promptHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  try {
    return await new Promise<string>((resolve) => {
      rl.question(question, (answer) => resolve(answer));
      muted = true;
    });
  } finally {
    rl.close();
    process.stdout.write('\n');
  }
}

async function main(): Promise<number> {
  const args = parseCliArgs(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  let newPassword = args.newPassword ?? process.env.NEO4J_NEW_PASSWORD ?? '';
  if (!newPassword && process.stdin.isTTY) {
    newPassword = await promptHidden('New Neo4j password: ');
    const again = await promptHidden('Repeat the new password: ');
    if (again !== newPassword) throw new PasswordChangeError('The two entries differ');
  }
  const currentPassword = args.currentPassword ?? process.env.NEO4J_CURRENT_PASSWORD ?? config.graphdb.connector.password;
  const result = await changeGraphPassword({
    url: config.graphdb.connector.url,
    username: config.graphdb.connector.username,
    currentPassword,
    newPassword,
    configFile: config.configFile ?? '',
    httpUrl: process.env.NEO4J_HTTP_URL || (await readHttpUrl(config.configFile)),
    log: (line) => console.log(line),
  });
  console.log(
    `Done (${result.method === 'http' ? `HTTP API ${result.target}` : 'ALTER CURRENT USER'}); restart the service to use the new password.`,
  );
  if (process.env.NEO4J_PASSWORD)
    console.log('Note: NEO4J_PASSWORD is set in the environment and overrides the config file; update it too.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof PasswordChangeError || error instanceof ConfigError) console.error(`graphdb:password: ${error.message}`);
    else console.error(`graphdb:password failed: ${(error as Error)?.message ?? String(error)}`);
    if (error instanceof PasswordChangeError && /needs a value|Unknown argument/.test(error.message)) console.error(USAGE);
    process.exit(1);
  },
);
