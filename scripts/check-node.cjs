// Runs before install, start and test: stop at once, with a clear message, on a Node that is too old.
// CommonJS and ES5-safe on purpose, so that it still runs on the old Node it is meant to refuse.
var major = Number(process.versions.node.split('.')[0]);
var minor = Number(process.versions.node.split('.')[1]);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    '\nSitelift needs Node.js 22.12 or newer (24 LTS recommended); this is Node ' +
      process.versions.node +
      '.\nInstall Node 24 (see .nvmrc), e.g. `nvm install 24`, then run the command again.\n',
  );
  process.exit(1);
}
