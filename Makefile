# The everyday commands; each is a thin wrapper so that CI and people run the same thing.
.PHONY: build generate verify test golden demo

build:
	go build -o bin/union-gen ./cmd/union-gen

generate:
	hack/update-codegen.sh

verify:
	hack/verify-codegen.sh

test:
	go test -race -timeout 60m ./...

# Rewrites the expected outputs of the tests; review the diff before committing.
golden:
	go test ./pkg/targets ./cmd/union-gen ./examples/apis/openapi ./cmd/union-gen/reference -update
	cd corpora && go test . -update
	cd openshiftsuites && go test . -update
	cd kubetest && go test -run '^TestUpstreamPatch$$' . -update

# Runs union-gen on a bundled API package and CRD and shows what it writes.
demo:
	hack/demo.sh
