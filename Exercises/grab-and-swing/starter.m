#import <UIKit/UIKit.h>

@interface GrabAndSwingBehavior : UIDynamicBehavior
@property (strong, nonatomic) id <UIDynamicItem> drop;
- (void)addItem:(id <UIDynamicItem>)item;
- (void)removeItem:(id <UIDynamicItem>)item;
@end

@interface GrabAndSwingBehavior ()
@property (strong, nonatomic) UIGravityBehavior *gravity;
@property (strong, nonatomic) UICollisionBehavior *collider;
@property (strong, nonatomic) UIAttachmentBehavior *grab;
@end

@implementation GrabAndSwingBehavior

- (UIGravityBehavior *)gravity
{
    if (!_gravity) {
        _gravity = [[UIGravityBehavior alloc] init];
        _gravity.magnitude = 1.0;
    }
    return _gravity;
}

- (UICollisionBehavior *)collider
{
    if (!_collider) {
        _collider = [[UICollisionBehavior alloc] init];
        _collider.translatesReferenceBoundsIntoBoundary = YES;
    }
    return _collider;
}

- (UIAttachmentBehavior *)grab
{
    if (!_grab) {
        _grab = [[UIAttachmentBehavior alloc] initWithItem:self.drop attachedToAnchor:CGPointMake(60.0, 100.0)];
    }
    return _grab;
}

- (void)addItem:(id <UIDynamicItem>)item
{
    [self.gravity addItem:item];
    [self.collider addItem:item];
}

- (void)removeItem:(id <UIDynamicItem>)item
{
    [self.gravity removeItem:item];
    [self.collider removeItem:item];
}

- (instancetype)init
{
    self = [super init];
    [self addChildBehavior:self.gravity];
    [self addChildBehavior:self.collider];
    [self addChildBehavior:self.grab];
    return self;
}

@end
