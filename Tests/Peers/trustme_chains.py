"""Certificates made by trustme (pinned in requirements.txt) for the TLS pin tests, written into
the directory given as the only argument, named as Tests/NetspecTestServer/TestPKI.swift names
openssl's: a root CA (`ca.pem`), an intermediate CA under it (`inter.pem`), a server certificate
for localhost and 127.0.0.1 signed by the intermediate (`ileaf.pem`, `ileaf.key`) and one signed
by the root (`leaf.pem`, `leaf.key`), another root no chain goes through (`wrong.pem`), and the
root and the intermediate as one bundle (`trust.pem`). trustme marks its server certificates'
extended key usage critical (as many private CAs do); the subjects are fixed (`OU=Netspec Leaf,
O=trustme`, …) so that messages can be compared whole."""
import pathlib
import sys

import trustme

directory = pathlib.Path(sys.argv[1])
root = trustme.CA(organization_name="trustme", organization_unit_name="Netspec Root")
inter = trustme.CA(parent_cert=root, path_length=8, organization_name="trustme", organization_unit_name="Netspec Intermediate")
wrong = trustme.CA(organization_name="trustme", organization_unit_name="Netspec Wrong")
for name, ca, unit in [("ileaf", inter, "Netspec Leaf"), ("leaf", root, "Netspec Direct Leaf")]:
    issued = ca.issue_cert("localhost", "127.0.0.1", organization_name="trustme", organization_unit_name=unit)
    (directory / f"{name}.pem").write_bytes(issued.cert_chain_pems[0].bytes())
    (directory / f"{name}.key").write_bytes(issued.private_key_pem.bytes())
for name, ca in [("ca", root), ("inter", inter), ("wrong", wrong)]:
    (directory / f"{name}.pem").write_bytes(ca.cert_pem.bytes())
(directory / "trust.pem").write_bytes(root.cert_pem.bytes() + inter.cert_pem.bytes())
