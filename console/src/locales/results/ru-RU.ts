// Results pages (issue 7) in ru-RU. Keys: rs.* — chart and cross analysis in ./chart-ru-RU, raw data,
// overview, regions, sources and log in ./data-ru-RU.
import chart from './chart-ru-RU';
import data from './data-ru-RU';

export default { ...chart, ...data };
