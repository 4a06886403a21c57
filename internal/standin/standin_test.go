package standin

import "testing"

// The stand-in's own signature checks reproduce the providers' published examples.
func TestAliyunDocumentedExample(t *testing.T) {
	p := map[string]string{"AccessKeyId": "testid", "Action": "DescribeRegions", "Format": "XML", "SignatureMethod": "HMAC-SHA1",
		"SignatureNonce": "3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf", "SignatureVersion": "1.0", "Timestamp": "2016-02-23T12:46:24Z", "Version": "2014-05-26"}
	sts := RPCStringToSign("GET", p)
	if want := "GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26"; sts != want {
		t.Fatalf("string to sign\n got %s\nwant %s", sts, want)
	}
	if got := RPCSignature("testsecret", sts); got != "OLeaidS1JvxuMvnyHOwuJ+uX5qY=" {
		t.Fatalf("signature %s", got)
	}
}

func TestTencentDocumentedExample(t *testing.T) {
	canonical := "POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064"
	if got := TC3Signature("Gu5t9xGARNpq86cd98joQYCN3EXAMPLE", "2019-02-25", "cvm", "1551113065", canonical); got != "72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168" {
		t.Fatalf("signature %s", got)
	}
}
