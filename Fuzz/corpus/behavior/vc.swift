lazy var push: UIPushBehavior = {
  let p = UIPushBehavior(items: [], mode: .instantaneous)
  p.pushDirection = CGVector(dx: 1, dy: -1)
  return p
}()
let s = UISnapBehavior(item: drop, snapTo: CGPoint(x: 10, y: 20))
animator.addBehavior(push)
animator.addBehavior(s)
