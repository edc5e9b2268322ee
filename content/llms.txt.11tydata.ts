// The figures, names and field lists the agent guide's prose (llms.txt.liquid) reads as `guide`.
import { agentGuide } from "../_config/agent-guide.ts";

export default { eleventyComputed: { guide: agentGuide } };
