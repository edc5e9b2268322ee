/**
 * Preloaded by `npm start` (`node --import`): takes `--host=ADDRESS` (or `--host ADDRESS`) off the
 * command line, which Eleventy's would refuse as unknown, and hands it to the dev server's setup
 * (_config/dev-server.ts) as EXP_BANK_SERVE_HOST. Without it the server listens on loopback.
 */
const at = process.argv.findIndex((argument) => argument === "--host" || argument.startsWith("--host="));
if (at >= 0) {
  const argument = process.argv[at];
  const value = argument === "--host" ? (process.argv[at + 1] ?? "") : argument.slice("--host=".length);
  process.argv.splice(at, argument === "--host" ? 2 : 1);
  if (!value.trim()) {
    console.error(
      "--host: give an address to listen on, such as npm start -- --host=0.0.0.0 (every interface) or --host=127.0.0.1",
    );
    process.exit(1);
  }
  process.env.EXP_BANK_SERVE_HOST = value.trim();
}
