// Command standin serves the local stand-in of the outside sign-in services (internal/standin):
// Alibaba Cloud and Tencent Cloud SMS, the WeChat APIs and pages. The journeys point sms.* and
// weixin.* at it and read the delivered codes from /_standin/sms.
package main

import (
	"flag"
	"log"
	"net/http"

	"dwsurvey/internal/standin"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:9997", "listen address")
	st := &standin.Server{}
	flag.StringVar(&st.AliyunKeyID, "aliyun-key-id", "e2e-ak-id", "Alibaba Cloud AccessKey id")
	flag.StringVar(&st.AliyunSecret, "aliyun-secret", "e2e-ak-secret", "Alibaba Cloud AccessKey secret")
	flag.StringVar(&st.TencentSecretID, "tencent-secret-id", "AKIDe2e", "Tencent SecretId")
	flag.StringVar(&st.TencentSecretKey, "tencent-secret-key", "e2e-tc-secret", "Tencent SecretKey")
	flag.StringVar(&st.TencentApp, "tencent-app", "1400000001", "Tencent SmsSdkAppId")
	flag.StringVar(&st.WeixinAppID, "weixin-app-id", "wx-e2e-app", "WeChat app id")
	flag.StringVar(&st.WeixinSecret, "weixin-secret", "wx-e2e-secret", "WeChat app secret")
	flag.StringVar(&st.WeixinDomain, "weixin-domain", "", "authorised redirect domain (host[:port]; empty: any)")
	flag.StringVar(&st.AMapKey, "amap-key", "e2e-amap-key", "AMap web service key")
	flag.StringVar(&st.AMapPrivateKey, "amap-private-key", "e2e-amap-private", "AMap digital signature private key")
	flag.Parse()
	log.Printf("standin on %s", *addr)
	log.Fatal(http.ListenAndServe(*addr, st.Handler()))
}
