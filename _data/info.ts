/** `info`: the body of `/api/info.json`, the calculator's facts placed at the site's address. */
import { CalculatorInfo } from "../assets/contract/calculator-info.ts";
import { dataFileName, parseData } from "../assets/contract/issues.ts";
import calculator from "./calculator.ts";
import site from "./site.ts";

export default parseData(
  CalculatorInfo,
  {
    name: calculator.name,
    description: calculator.description,
    url: site.url,
    dailyInterestRate: calculator.dailyInterestRate,
    dailyInterestPercent: calculator.dailyInterestPercent,
    formula: calculator.formula,
    timeNormalization: calculator.timeNormalization,
    calculationAccess: calculator.calculationAccess,
    links: { documentation: site.urls.docs, openapi: site.urls.openapi, agentGuide: site.urls.agentGuide },
  },
  dataFileName(import.meta.url),
);
