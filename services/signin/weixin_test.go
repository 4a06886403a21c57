package signin

import "testing"

// The JS-SDK signature reproduces the example of WeChat's official documentation (JS-SDK
// appendix 1), including that a #fragment is not signed.
func TestJSSDKSignatureDocumentedExample(t *testing.T) {
	ticket := "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg"
	for _, u := range []string{"http://mp.weixin.qq.com?params=value", "http://mp.weixin.qq.com?params=value#share"} {
		if got := JSSDKSignature(ticket, "Wm3WZYTPz0wzccnW", 1414587457, u); got != "0f9de62fce790f9a083d5c99e95740ceb90c27ed" {
			t.Fatalf("%s: got %s", u, got)
		}
	}
}
