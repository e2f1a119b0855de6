// Extracts messages from the source, then compiles every catalog with --strict: a message
// missing in any language fails. In CI (a clean checkout) it also fails when extraction
// changed the committed catalogs, i.e. a new string was added without its translations.
import { spawnSync } from 'node:child_process';

const run = (args) => spawnSync('npx', ['--no-install', 'lingui', ...args], { stdio: 'inherit' }).status === 0;
if (!run(['extract', '--clean'])) process.exit(1);
const diff = spawnSync('git', ['status', '--porcelain', '--', 'locales'], { encoding: 'utf8' }).stdout.trim();
if (diff && process.env.CI) {
  console.error(`Catalogs are out of date with the source:\n${diff}\nRun \`npm run i18n:extract\`, translate, commit.`);
  process.exit(1);
}
if (!run(['compile', '--typescript', '--strict'])) {
  console.error('A translation is missing (see above). Every message needs all six languages.');
  process.exit(1);
}
