// Results pages (issue 7) in th-TH. Keys: rs.* — chart and cross analysis in ./chart-th-TH, raw data,
// overview, regions, sources and log in ./data-th-TH.
import chart from './chart-th-TH';
import data from './data-th-TH';

export default { ...chart, ...data };
