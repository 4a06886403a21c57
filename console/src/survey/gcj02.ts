// Coordinates of geolocation answers are GCJ-02 (spec: "Coordinate type is gcj02"), the datum of
// AMap and WeChat in mainland China. Browsers give WGS-84: wgs84ToGcj02 applies the published
// offset (the transform AMap and WeChat use); outside mainland China both datums are the same.

const A = 6378245.0; // Krasovsky 1940 semi-major axis
const EE = 0.00669342162296594323; // its eccentricity squared
const PI = Math.PI;

/** Outside the rectangle around mainland China GCJ-02 equals WGS-84. */
export const outOfChina = (lng: number, lat: number) => lng < 72.004 || lng > 137.8347 || lat < 0.8293 || lat > 55.8271;

function offsetLat(x: number, y: number): number {
  let r = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * PI) + 20 * Math.sin(2 * x * PI)) * 2) / 3;
  r += ((20 * Math.sin(y * PI) + 40 * Math.sin((y / 3) * PI)) * 2) / 3;
  r += ((160 * Math.sin((y / 12) * PI) + 320 * Math.sin((y * PI) / 30)) * 2) / 3;
  return r;
}

function offsetLng(x: number, y: number): number {
  let r = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * PI) + 20 * Math.sin(2 * x * PI)) * 2) / 3;
  r += ((20 * Math.sin(x * PI) + 40 * Math.sin((x / 3) * PI)) * 2) / 3;
  r += ((150 * Math.sin((x / 12) * PI) + 300 * Math.sin((x / 30) * PI)) * 2) / 3;
  return r;
}

/** A WGS-84 point (a browser's position) in GCJ-02. */
export function wgs84ToGcj02(lng: number, lat: number): { lng: number; lat: number } {
  if (outOfChina(lng, lat)) return { lng, lat };
  const radLat = (lat / 180) * PI;
  const s = Math.sin(radLat);
  const magic = 1 - EE * s * s;
  const sq = Math.sqrt(magic);
  const dLat = (offsetLat(lng - 105, lat - 35) * 180) / (((A * (1 - EE)) / (magic * sq)) * PI);
  const dLng = (offsetLng(lng - 105, lat - 35) * 180) / ((A / sq) * Math.cos(radLat) * PI);
  return { lng: lng + dLng, lat: lat + dLat };
}
