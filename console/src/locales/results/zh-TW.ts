// Results pages (issue 7). Keys: rs.* — chart and cross analysis in ./chart-zh-TW, raw data,
// overview, regions, sources and log in ./data-zh-TW.
import chart from './chart-zh-TW';
import data from './data-zh-TW';

export default { ...chart, ...data };
