// Results pages (issue 7) in ko-KR. Keys: rs.* — chart and cross analysis in ./chart-ko-KR, raw data,
// overview, regions, sources and log in ./data-ko-KR.
import chart from './chart-ko-KR';
import data from './data-ko-KR';

export default { ...chart, ...data };
