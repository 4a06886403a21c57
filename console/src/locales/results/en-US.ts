// Results pages (issue 7). Keys: rs.* — chart and cross analysis in ./chart-en-US, raw data,
// overview, regions, sources and log in ./data-en-US.
import chart from './chart-en-US';
import data from './data-en-US';

export default { ...chart, ...data };
