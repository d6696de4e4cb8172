// Entry of the scenario in a Cloudflare Worker (workerd through miniflare): bundled with the SDK and
// the mock from the installed tarball, it answers any request by running the scenario. The mock is
// created inside the request (workerd forbids random values and timers at global scope).
import { runScenario } from './scenario.mjs';

export default {
  async fetch() {
    return Response.json(await runScenario());
  },
};
