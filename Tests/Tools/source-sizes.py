#!/usr/bin/env python3
# The house's size rules (issue 51): no function over 80 lines outside a parser's or an
# interpreter's main switch, no file over 400 lines, under Sources/. Prints each offender and
# exits 1 when there is one; SourceSizeTests runs it. The exempt main switches are listed below,
# by file and function name: a new one is a decision, made here.
#
#   python3 Tests/Tools/source-sizes.py [FOLDER] [LINES]
import re, sys, os
EXEMPT = {
    ("SchemaEvaluator.swift", "func apply"),        # the schema interpreter's switch over its compiled ops
    ("JSONParser.swift", "func parseValue"),        # the JSON parser's switch over the first byte
    ("JSONParser+Numbers.swift", "func parseNumber"),  # RFC 8259's number grammar, byte by byte
    ("SchemaPattern+Backtracker.swift", "func run"),  # the backtracking pattern matcher's switch over its program
}
decl = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|static|final|override|mutating|nonisolated|consuming|borrowing|class|convenience|required|@inline\(\w+\)|@discardableResult)\s+)*(func\s+[^\s(<]+|init[?!]?|subscript|deinit|var\s+\w+\s*:[^={]*\{)')
def strip(line, state):
    # remove strings and comments roughly; state: in block comment / multiline string
    out=[]; i=0
    while i < len(line):
        if state['ml']:
            j=line.find('"""', i)
            if j<0: return ''.join(out), state
            state['ml']=False; i=j+3; continue
        if state['bc']:
            j=line.find('*/', i)
            if j<0: return ''.join(out), state
            state['bc']=False; i=j+2; continue
        c=line[i]
        if line.startswith('//', i): break
        if line.startswith('/*', i): state['bc']=True; i+=2; continue
        if line.startswith('"""', i): state['ml']=True; i+=3; continue
        if c=='"':
            j=i+1
            while j < len(line) and line[j] != '"':
                j += 2 if line[j]=='\\' else 1
            i=j+1; continue
        out.append(c); i+=1
    return ''.join(out), state
res=[]
folder = sys.argv[1] if len(sys.argv) > 1 else 'Sources'
limit = int(sys.argv[2]) if len(sys.argv) > 2 else 80
for root,_,files in os.walk(folder):
    for f in files:
        if not f.endswith('.swift'): continue
        p=os.path.join(root,f); lines=open(p).read().split('\n')
        state={'ml':False,'bc':False}; stack=[]; depth=0
        for n,l in enumerate(lines,1):
            code,state=strip(l,state)
            m=decl.match(code)
            if m and '{' in code:
                stack.append((depth, n, m.group(1)))
            for ch in code:
                if ch=='{': depth+=1
                elif ch=='}':
                    depth-=1
                    while stack and stack[-1][0]==depth:
                        d,start,name=stack.pop()
                        res.append((n-start+1, p, start, name))
res.sort(reverse=True)
offenders=[f'{r[0]:4d} lines  {r[1]}:{r[2]}  {r[3]}' for r in res if r[0]>limit and (os.path.basename(r[1]), r[3]) not in EXEMPT]
for root,_,files in sorted(os.walk(folder)):
    for f in sorted(files):
        if f.endswith('.swift'):
            p=os.path.join(root,f); n=open(p).read().count('\n')
            if n>400: offenders.append(f'{n:5d} lines  {p} (the file)')
for line in offenders: print(line)
sys.exit(1 if offenders else 0)
