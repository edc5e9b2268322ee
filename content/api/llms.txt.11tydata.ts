// What /api/llms.txt (llms.txt.njk) reads as `guide`: its resources' links and what each holds.
import { agentGuide } from "../../_config/agent-guide.ts";

export default { eleventyComputed: { guide: agentGuide } };
