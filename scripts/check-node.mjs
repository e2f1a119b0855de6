// Stops early with a clear message when scripts run on a Node other than 24.
// (npm ci --ignore-scripts leaves no Node 24 binary and scripts silently fall back.)
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(
    `This project runs on Node 24 (found ${process.version}).\n` +
      'Run `npm ci` (without --ignore-scripts): the `node` devDependency provides Node 24 to every npm script,\n' +
      'or use nvm with the .nvmrc in the repository root.',
  );
  process.exit(1);
}
