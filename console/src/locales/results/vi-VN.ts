// Results pages (issue 7) in vi-VN. Keys: rs.* — chart and cross analysis in ./chart-vi-VN, raw data,
// overview, regions, sources and log in ./data-vi-VN.
import chart from './chart-vi-VN';
import data from './data-vi-VN';

export default { ...chart, ...data };
