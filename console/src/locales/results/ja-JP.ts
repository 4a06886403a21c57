// Results pages (issue 7). Keys: rs.* — chart and cross analysis in ./chart-ja-JP, raw data,
// overview, regions, sources and log in ./data-ja-JP.
import chart from './chart-ja-JP';
import data from './data-ja-JP';

export default { ...chart, ...data };
