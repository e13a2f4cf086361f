struct Loop: View { var body: some View { VStack { Loop() } } }
func f(_ n: Int) -> some View { f(n + 1) }
let a = b
let b = a
var body: some View { ForEach(0..<100000) { Text("\($0)") } }
