// Results pages (issue 7). Keys: rs.* — chart and cross analysis in ./chart-zh-CN, raw data,
// overview, regions, sources and log in ./data-zh-CN.
import chart from './chart-zh-CN';
import data from './data-zh-CN';

export default { ...chart, ...data };
